import type { SvgIconComponent } from '@mui/icons-material';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import FactCheckRounded from '@mui/icons-material/FactCheckRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import GradingRounded from '@mui/icons-material/GradingRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import ListAltRounded from '@mui/icons-material/ListAltRounded';
import ManageAccountsRounded from '@mui/icons-material/ManageAccountsRounded';
import PersonRemoveRounded from '@mui/icons-material/PersonRemoveRounded';
import PrivacyTipRounded from '@mui/icons-material/PrivacyTipRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import SpaceDashboardRounded from '@mui/icons-material/SpaceDashboardRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import type { Permission } from '@ajar/shared/common/roles';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
  permission?: Permission;
  /** Other screens this entry stays highlighted on (a screen reached from its list). */
  also?: readonly string[];
}

export interface NavGroupItem {
  label: string;
  icon: SvgIconComponent;
  permission?: Permission;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export function isNavGroup(item: NavItem): item is NavGroupItem {
  return 'children' in item;
}

/**
 * The side menu (spec 01 §2 plus the screens the spec lists without a menu entry). Entries whose
 * screen has not landed yet lead to the 404 page until it does.
 */
export const navItems: NavItem[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    icon: SpaceDashboardRounded,
    permission: 'dashboard.view',
  },
  { label: 'Program', to: '/program', icon: SchoolRounded, permission: 'program.view' },
  {
    label: 'Kelola Nilai',
    icon: GradingRounded,
    permission: 'grade.manage',
    children: [
      {
        label: 'Daftar Program',
        to: '/kelola-nilai',
        icon: ListAltRounded,
        // Daftar Peserta of a program is opened from the grading list.
        also: ['/program/users'],
      },
      { label: 'Import Nilai UK', to: '/import', icon: UploadFileRounded },
      { label: 'Import Nilai TPM', to: '/import-feedback', icon: FactCheckRounded },
    ],
  },
  {
    label: 'Diskusi',
    icon: ForumRounded,
    permission: 'discussion.manage',
    children: [
      { label: 'Diskusi Private', to: '/discussion/private', icon: ChatRounded },
      { label: 'Diskusi Publik', to: '/discussion/public', icon: PublicRounded },
    ],
  },
  {
    label: 'Notifikasi',
    to: '/notifikasi',
    icon: CampaignRounded,
    permission: 'notification.send',
  },
  {
    label: 'Reseller',
    to: '/daftar-reseller',
    icon: StorefrontRounded,
    permission: 'reseller.manage',
  },
  { label: 'Presensi', to: '/presensi', icon: EventAvailableRounded, permission: 'presence.view' },
  { label: 'Pengguna', to: '/pengguna', icon: ManageAccountsRounded, permission: 'users.manage' },
  {
    label: 'Log Aktivitas',
    to: '/log-aktivitas',
    icon: HistoryRounded,
    permission: 'users.manage',
  },
  {
    label: 'Hapus Akun Peserta',
    to: '/permintaan-hapus-akun',
    icon: PersonRemoveRounded,
    permission: 'member.erase',
  },
  {
    label: 'Kebijakan Privasi',
    to: '/kebijakan-privasi',
    icon: PrivacyTipRounded,
    permission: 'users.manage',
  },
];

/** The entries a user may open: by permission, and groups left without entries disappear. */
export function visibleNavItems(
  items: readonly NavItem[],
  granted: readonly Permission[],
): NavItem[] {
  const allowed = (permission?: Permission) => !permission || granted.includes(permission);
  const visible: NavItem[] = [];
  for (const item of items) {
    if (!allowed(item.permission)) continue;
    if (!isNavGroup(item)) {
      visible.push(item);
      continue;
    }
    const children = item.children.filter((child) => allowed(child.permission));
    if (children.length) visible.push({ ...item, children });
  }
  return visible;
}

function matchLength(to: string, pathname: string): number {
  if (pathname === to || pathname.startsWith(`${to}/`)) return to.length;
  return -1;
}

/**
 * The one entry to highlight: the longest `to` (or `also`) that prefixes the path; on a tie (the spec's menu
 * reaches /program twice) the first one in menu order.
 */
export function activeNavLink(items: readonly NavItem[], pathname: string): NavLinkItem | null {
  let best: NavLinkItem | null = null;
  let bestLength = -1;
  for (const link of items.flatMap((item) => (isNavGroup(item) ? item.children : [item]))) {
    const length = Math.max(
      ...[link.to, ...(link.also ?? [])].map((to) => matchLength(to, pathname)),
    );
    if (length > bestLength) {
      best = link;
      bestLength = length;
    }
  }
  return best;
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import WavingHandRounded from '@mui/icons-material/WavingHandRounded';
import { zoneDateKey } from '@ajar/shared/common/datetime';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import { useCan, useCurrentUser } from '@/hooks/use-session';
import { pathTo } from '@/routes/paths';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { BarList } from '../components/bar-list';
import { DashboardPanel, PanelEmpty } from '../components/dashboard-panel';
import { formatDayLong, formatNumber } from '../components/dashboard-format';
import { LatestPrograms } from '../components/latest-programs';
import { LearningFigures } from '../components/learning-figures';
import { RedeemChart } from '../components/redeem-chart';
import { StatCard, type StatCardProps } from '../components/stat-card';

function Greeting({ scoped }: { scoped: boolean }) {
  const user = useCurrentUser();
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              bgcolor: 'rgba(13, 71, 161, 0.08)',
              color: 'primary.main',
            }}
          >
            <WavingHandRounded sx={{ fontSize: 34 }} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {formatDayLong(zoneDateKey())}
            </Typography>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              Dashboard
            </Typography>
            <Typography component="div" color="text.secondary">
              Selamat datang, <strong>{user.fullname}</strong>. Anda masuk sebagai{' '}
              <Chip label={user.role.name} size="small" color="primary" variant="outlined" />
            </Typography>
            {scoped ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Angka di bawah dihitung dari program yang ditugaskan kepada Anda.
              </Typography>
            ) : null}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function statCards(data: DashboardSummary | undefined, scoped: boolean): StatCardProps[] {
  return [
    {
      label: 'Program Publish',
      value: data?.programs.publish,
      icon: <RocketLaunchOutlined />,
      color: '#2e7d32',
      hint: 'Lihat daftar',
      to: '/program?status=publish',
    },
    {
      label: 'Program Draft',
      value: data?.programs.draft,
      icon: <EditNoteOutlined />,
      color: '#5b6477',
      hint: 'Lihat daftar',
      to: '/program?status=draft',
    },
    {
      label: 'Program Archive',
      value: data?.programs.archive,
      icon: <Inventory2Outlined />,
      color: '#ed6c02',
      hint: 'Lihat daftar',
      to: '/program?status=archive',
    },
    {
      label: 'Peserta',
      value: data?.participants,
      icon: <GroupsOutlined />,
      color: '#0d47a1',
      hint: 'Kelola nilai',
      to: pathTo('kelola-nilai'),
    },
    {
      label: 'Peserta Selesai',
      value: data?.completions,
      icon: <EmojiEventsOutlined />,
      color: '#2e7d32',
      hint: 'Kelola nilai',
      to: pathTo('kelola-nilai'),
    },
    {
      label: 'Presensi Hari Ini',
      value: data?.attendance_today,
      icon: <HowToRegOutlined />,
      color: '#00838f',
      hint: 'Lihat presensi',
      to: pathTo('presensi'),
    },
    {
      label: 'Menunggu Feedback',
      value: data?.waiting_feedback,
      icon: <RateReviewOutlined />,
      color: '#ed6c02',
      hint: 'Beri feedback',
      to: pathTo('kelola-nilai'),
    },
    {
      label: 'Diskusi Belum Dibaca',
      value: data?.unread_discussions,
      icon: <ForumOutlined />,
      color: '#ad1457',
      hint: 'Buka diskusi publik',
      to: pathTo('discussion-public'),
    },
    {
      label: 'Redeem 30 hari terakhir',
      value: data?.redeems.last_30_days,
      icon: <ConfirmationNumberOutlined />,
      color: '#00838f',
      hint: 'Termasuk hari ini',
    },
    {
      label: 'Total Redeem',
      value: data?.redeems.total,
      icon: <ReceiptLongOutlined />,
      color: '#6a1b9a',
      hint: 'Sejak awal',
    },
    {
      label: 'Topik',
      value: data?.topics,
      icon: <TopicOutlined />,
      color: '#5472d3',
      hint: scoped ? 'Di program Anda' : 'Di semua program',
    },
    {
      label: 'Aktivitas',
      value: data?.activities.total,
      icon: <AssignmentOutlined />,
      color: '#ad1457',
      hint: 'Di semua topik',
    },
  ];
}

function NoPrograms({ canManage }: { canManage: boolean }) {
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <SchoolOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
          Belum ada program
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: canManage ? 3 : 0 }}>
          {canManage
            ? 'Grafik redeem dan peserta tampil di sini setelah program dibuat dan dipublikasikan.'
            : 'Belum ada program yang ditugaskan kepada Anda. Hubungi admin untuk ditambahkan sebagai fasilitator.'}
        </Typography>
        {canManage ? (
          <Button
            component={RouterLink}
            to="/program/tambah-program"
            variant="contained"
            startIcon={<AddRounded />}
          >
            Tambah Program
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Redeems made through any reseller, with the way to the reseller list. */
function ResellerRedeems({ total }: { total: number }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        mt: 2,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Melalui reseller: <strong>{formatNumber(total)}</strong> redeem
      </Typography>
      <Button
        size="small"
        component={RouterLink}
        to={pathTo('daftar-reseller')}
        endIcon={<ArrowForwardRounded />}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        Daftar Reseller
      </Button>
    </Stack>
  );
}

/** Activity types shown before 'Tampilkan semua'. */
const shownTypes = 6;

function ActivityTypes({ byType }: { byType: DashboardSummary['activities']['by_type'] }) {
  const [all, setAll] = useState(false);
  const items = byType.map((t) => ({
    key: t.type,
    label: activityTypeLabel(t.type),
    value: t.total,
  }));
  const hidden = items.length - shownTypes;
  return (
    <>
      <BarList
        label="Aktivitas per jenis"
        unit="aktivitas"
        items={all ? items : items.slice(0, shownTypes)}
      />
      {hidden > 0 ? (
        <Button size="small" sx={{ mt: 1.5, ml: -1 }} onClick={() => setAll(!all)}>
          {all ? 'Tampilkan lebih sedikit' : `Tampilkan semua (${items.length} jenis)`}
        </Button>
      ) : null}
    </>
  );
}

const chartSkeleton = <Skeleton variant="rounded" height={230} />;
const listSkeleton = (
  <Stack spacing={2}>
    {[0, 1, 2, 3].map((i) => (
      <Skeleton key={i} variant="rounded" height={32} />
    ))}
  </Stack>
);

/**
 * '/dashboard': a greeting by name, then the figures — programs per status,
 * participants and those finished, today's attendance, work waiting for feedback, unread public
 * discussion messages, redeems, topics and activities, most leading to their screen — a redeem
 * chart of the last 30 days, the top resellers with the redeems made through resellers, the
 * latest programs and activities per type. Every figure is the server's, already limited to a
 * trainer's own programs.
 */
export function DashboardPage() {
  const canManage = useCan('program.manage');
  const seesResellers = useCan('reseller.manage');
  const summary = useDashboardSummary();
  const data = summary.data;
  const scoped = data ? data.scope === 'assigned' : !canManage;

  return (
    <Stack spacing={3}>
      <Greeting scoped={scoped} />

      {summary.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              Coba lagi
            </Button>
          }
        >
          Data dashboard gagal dimuat: {summary.error.message}
        </Alert>
      ) : null}

      <Box
        aria-busy={summary.isPending}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {statCards(data, scoped).map((card) => (
          <StatCard key={card.label} {...card} />
        ))}
      </Box>

      {data && data.programs.total === 0 ? (
        <NoPrograms canManage={canManage} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          }}
        >
          <Box sx={{ gridColumn: seesResellers ? undefined : { lg: '1 / -1' } }}>
            <DashboardPanel
              title="Redeem per Hari"
              subtitle="Hari ini dan 29 hari sebelumnya (WIB)"
            >
              {!data ? (
                chartSkeleton
              ) : data.redeems.last_30_days === 0 ? (
                <PanelEmpty>Belum ada redeem dalam 30 hari terakhir.</PanelEmpty>
              ) : (
                <RedeemChart days={data.redeems.per_day} />
              )}
            </DashboardPanel>
          </Box>
          {seesResellers ? (
            <DashboardPanel title="Reseller Teratas" subtitle="Menurut jumlah redeem">
              {!data ? (
                listSkeleton
              ) : !data.top_resellers || data.top_resellers.length === 0 ? (
                <PanelEmpty>Belum ada redeem melalui reseller.</PanelEmpty>
              ) : (
                <BarList
                  label="Reseller teratas"
                  unit="redeem"
                  color="secondary.main"
                  items={data.top_resellers.map((r) => ({
                    key: r.id,
                    label: r.fullname,
                    secondary: r.referral_code,
                    value: r.total,
                  }))}
                />
              )}
              {data?.reseller_redeems != null ? (
                <ResellerRedeems total={data.reseller_redeems} />
              ) : null}
            </DashboardPanel>
          ) : null}
          {/* minWidth 0: a grid item grows to its table's width otherwise; the table scrolls. */}
          <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
            <DashboardPanel
              title="Perkembangan Belajar"
              subtitle="Setiap angka program membuka daftar Perlu Perhatian-nya"
            >
              {!data ? listSkeleton : <LearningFigures learning={data.learning} />}
            </DashboardPanel>
          </Box>
          <DashboardPanel title="Program Terakhir Diperbarui">
            {!data ? listSkeleton : <LatestPrograms programs={data.latest_programs} />}
          </DashboardPanel>
          <DashboardPanel title="Aktivitas per Jenis">
            {!data ? (
              listSkeleton
            ) : data.activities.by_type.length === 0 ? (
              <PanelEmpty>Belum ada aktivitas.</PanelEmpty>
            ) : (
              <ActivityTypes byType={data.activities.by_type} />
            )}
          </DashboardPanel>
        </Box>
      )}
    </Stack>
  );
}

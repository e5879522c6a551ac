import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../hooks/use-session';
import { BrandMark } from './brand-mark';
import {
  activeNavLink,
  isNavGroup,
  navItems,
  visibleNavItems,
  type NavGroupItem,
  type NavLinkItem,
} from './nav-items';

function NavLinkEntry({
  item,
  active,
  nested = false,
  onNavigate,
}: {
  item: NavLinkItem;
  active: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  // Each entry is a list item (the menu is a list to assistive technology too).
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={nested ? { pl: 3.5 } : undefined}
      >
        <ListItemIcon>
          <Icon fontSize={nested ? 'small' : 'medium'} />
        </ListItemIcon>
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { variant: 'body2', fontWeight: active ? 600 : 500 } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function NavGroupEntry({
  item,
  active,
  onNavigate,
}: {
  item: NavGroupItem;
  active: NavLinkItem | null;
  onNavigate?: () => void;
}) {
  const containsActive = item.children.some((child) => child === active);
  // Open while one of its entries is the current page, unless the user has toggled it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? containsActive;
  const Icon = item.icon;
  const listId = `nav-${item.label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setToggled(!open)} aria-expanded={open} aria-controls={listId}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { variant: 'body2', fontWeight: 500 } }}
        />
        {open ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {item.children.map((child) => (
            <NavLinkEntry
              key={`${child.label}-${child.to}`}
              item={child}
              active={child === active}
              nested
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

/** The drawer's content: brand and the menu the user's permissions allow. */
export function AppNav({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const items = visibleNavItems(navItems, user.permissions);
  const active = activeNavLink(items, pathname);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: '20px !important' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <BrandMark size={34} />
          <Box>
            <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>Ajar</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              CMS Trainer
            </Typography>
          </Box>
        </Stack>
      </Toolbar>
      <Box component="nav" aria-label="Menu utama" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        <List disablePadding>
          {items.map((item) =>
            isNavGroup(item) ? (
              <NavGroupEntry key={item.label} item={item} active={active} onNavigate={onNavigate} />
            ) : (
              <NavLinkEntry
                key={item.label}
                item={item}
                active={item === active}
                onNavigate={onNavigate}
              />
            ),
          )}
        </List>
      </Box>
    </Box>
  );
}

import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuRounded from '@mui/icons-material/MenuRounded';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { useRefreshCurrentUser } from '../features/auth/api/get-me';
import { ChatMailIcon } from '../features/chat/components/chat-mail-icon';
import { DownloadsButton } from '../features/jobs/components/downloads-button';
import { NotificationBell } from '../features/trainer-notifications/components/notification-bell';
import { hasPermission, useCurrentUser } from '../hooks/use-session';
import { routeHandle } from '../routes/app-route';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppNav } from './app-nav';
import { ForbiddenPage } from './forbidden-page';
import { useBreadcrumbs } from './page-title';
import { UserMenu } from './user-menu';

export const drawerWidth = 264;

/**
 * The signed-in layout (spec 01 §2): side drawer (permanent from md, temporary below with a
 * menu button), top bar with the page title and the user menu, breadcrumbs, then the page.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const [mobileOpen, setMobileOpen] = useState(false);
  const crumbs = useBreadcrumbs();
  const matches = useMatches();
  const navigation = useNavigation();
  useRefreshCurrentUser();

  const title = crumbs[crumbs.length - 1]?.label ?? '';
  const allowed = matches.every((match) => hasPermission(user, routeHandle(match).permission));
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        sx={{
          width: { md: `calc(100% - ${drawerWidth}px)` },
          ml: { md: `${drawerWidth}px` },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label="Buka menu"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1, fontSize: 18 }}>
            {title}
          </Typography>
          <DownloadsButton />
          <NotificationBell />
          <ChatMailIcon />
          <UserMenu />
        </Toolbar>
        {navigation.state === 'loading' ? (
          <LinearProgress
            aria-label="Memuat halaman"
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }}
          />
        ) : null}
      </AppBar>
      <Box component="aside" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={closeMobile}
          ModalProps={{ keepMounted: true }}
          sx={{
            display: { xs: 'block', md: 'none' },
            '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
          }}
        >
          <AppNav onNavigate={closeMobile} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
          }}
        >
          <AppNav />
        </Drawer>
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${drawerWidth}px)` },
          px: { xs: 2, sm: 3, lg: 4 },
          pb: 4,
        }}
      >
        <Toolbar />
        <Box sx={{ pt: 2.5 }}>
          <AppBreadcrumbs crumbs={crumbs} />
          {allowed ? (children ?? <Outlet />) : <ForbiddenPage />}
        </Box>
      </Box>
    </Box>
  );
}

import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { useCurrentUser } from '../hooks/use-session';

export function initials(fullname: string): string {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** Avatar, name and role in the top bar; opens 'Ubah Password' and 'Logout'. */
export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { logout, pending } = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        // Its visible text (initials, name, role) starts the name: what is read is what is seen.
        aria-label={`${initials(user.fullname)} ${user.fullname} ${user.role.name}: Menu pengguna`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1.25, '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials(user.fullname)}
        </Avatar>
        {/* Spaces between the pieces, so their text reads as words (not 'AAAdmin'). */}{' '}
        <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'left', maxWidth: 180 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {user.fullname}
          </Typography>{' '}
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {user.role.name}
          </Typography>
        </Box>
        <ExpandMoreRounded
          fontSize="small"
          sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
        />
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {user.fullname}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/update-password');
          }}
        >
          <ListItemIcon>
            <LockResetRounded fontSize="small" />
          </ListItemIcon>
          Ubah Password
        </MenuItem>
        <MenuItem
          disabled={pending}
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

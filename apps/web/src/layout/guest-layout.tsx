import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { BrandMark } from './brand-mark';
import { appTitle } from './document-title';

/** Sign-in and password screens: a brand panel on wide screens, the form on the right. */
export function GuestLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '0 0 44%',
          maxWidth: 620,
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: 'common.white',
          background:
            'radial-gradient(circle at 20% 15%, rgba(255,255,255,0.14), transparent 45%), linear-gradient(155deg, #0d47a1 0%, #0a3a85 55%, #062a63 100%)',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <BrandMark size={40} inverted />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            Ajar
          </Typography>
        </Stack>
        <Box>
          <Typography variant="h4" component="p" sx={{ mb: 2, lineHeight: 1.25 }}>
            {appTitle}
          </Typography>
          <Typography sx={{ opacity: 0.85, maxWidth: 440 }}>
            Kelola program, topik dan aktivitas pelatihan, diskusi dengan peserta, nilai, presensi
            dan reseller dalam satu tempat.
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          © {new Date().getFullYear()} Ajar
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', mb: 4, display: { xs: 'flex', md: 'none' } }}
          >
            <BrandMark size={36} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
              Ajar
            </Typography>
          </Stack>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

import { alpha, createTheme } from '@mui/material/styles';
import { idID } from '@mui/material/locale';

const primary = '#0d47a1';

/**
 * The back office's look: deep blue primary, light grey canvas, white outlined surfaces. Fonts are
 * system fonts (the CSP allows no font CDN and none is bundled), in an order that looks alike on
 * Windows, macOS, Android and Linux.
 */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: primary, light: '#5472d3', dark: '#002171', contrastText: '#fff' },
      secondary: { main: '#00838f' },
      // Darker than MUI's orange: white text on it (a filled 'Archive' chip) and it as text on
      // white both reach 4.5:1 (axe-core).
      warning: { main: '#b45309', contrastText: '#fff' },
      background: { default: '#f4f6fa', paper: '#ffffff' },
      divider: '#e3e8ef',
      text: { primary: '#1a2233', secondary: '#5b6477' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: [
        'Inter',
        '"Segoe UI"',
        'Roboto',
        '"Helvetica Neue"',
        '"Liberation Sans"',
        'Arial',
        'sans-serif',
      ].join(','),
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700, letterSpacing: '-0.01em' },
      h6: { fontWeight: 600 },
      subtitle1: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          '.notistack-SnackbarContainer.ajar-snackbars-top-right': { top: 64 },
          // notistack's own info blue and success green hold white text below 4.5:1 (axe-core):
          // darker shades of the same hues.
          '.notistack-SnackbarContainer .notistack-MuiContent-info': { backgroundColor: '#01579b' },
          '.notistack-SnackbarContainer .notistack-MuiContent-success': {
            backgroundColor: '#1b5e20',
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 18 } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderColor: '#e3e8ef' } },
      },
      MuiPaper: {
        styleOverrides: { outlined: { borderColor: '#e3e8ef' } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: { backgroundColor: '#ffffff', borderBottom: '1px solid #e3e8ef' },
        },
      },
      MuiDrawer: {
        styleOverrides: { paper: { borderRight: '1px solid #e3e8ef' } },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            marginInline: 8,
            marginBlock: 2,
            '&.Mui-selected': {
              backgroundColor: alpha(primary, 0.09),
              color: primary,
              '& .MuiListItemIcon-root': { color: primary },
              '&:hover': { backgroundColor: alpha(primary, 0.14) },
            },
          },
        },
      },
      MuiListItemIcon: {
        styleOverrides: { root: { minWidth: 40 } },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
    },
  },
  // Indonesian texts for MUI's own labels (pagination, "no options", …).
  idID,
);

import LinearProgress from '@mui/material/LinearProgress';

/** The bar of `NavigationProgress`, in a file of its own so that it loads on first use. */
export function NavigationProgressBar() {
  return (
    <LinearProgress
      aria-label="Memuat halaman"
      data-testid="navigation-progress"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        '@keyframes ajar-progress-in': { from: { opacity: 0 }, to: { opacity: 1 } },
        animation: 'ajar-progress-in 0s 120ms both',
      }}
    />
  );
}

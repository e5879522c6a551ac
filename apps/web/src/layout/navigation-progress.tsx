import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router';

/**
 * A thin bar along the top of the window while the next screen loads (its code or its route
 * data), so a click on a lazy screen answers at once (issue 16). Shown after a short delay: a
 * screen already loaded never flashes it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
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

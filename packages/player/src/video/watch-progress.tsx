import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { watchProgressText } from '@ajar/shared/members/completion.rules';

export interface WatchProgressProps {
  /** Whole percent of the video the server counted as watched. */
  watched: number;
  /** The percent that completes the activity. */
  required: number;
  /** Pop-up questions still to answer. */
  popupsLeft: number;
  complete: boolean;
}

/**
 * How much of a video is left to watch before it completes: 'Ditonton 64 % · tonton sampai
 * 90 % untuk menyelesaikan' (the server's count; seeking ahead does not add to it).
 */
export function WatchProgress({ watched, required, popupsLeft, complete }: WatchProgressProps) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} role="status" aria-label="Kemajuan menonton">
      <Typography variant="body2">
        {complete
          ? `Ditonton ${watched} % · selesai`
          : watchProgressText(watched, required, popupsLeft)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, watched)}
        aria-label={`Ditonton ${watched} persen`}
        color={complete ? 'success' : 'primary'}
      />
    </Box>
  );
}

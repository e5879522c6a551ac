import { Box, Stack, Typography } from '@mui/material';
import type { VideoStat } from '@ajar/shared/analytics/program-analytics.schemas';
import { BarRow } from './program-analytics-bar';
import { FigureTable } from './program-analytics-section';
import { barWidth, formatFigure, formatSeconds, formatShare } from './program-analytics-format';

const width = 500;
const height = 140;

/** The drop-off line: the share of viewers per bucket, 0..100% top to bottom. */
function DropOffLine({ video }: { video: VideoStat }) {
  const n = video.buckets.length;
  const points = video.buckets
    .map((b, i) => `${((i + 0.5) / n) * width},${height - b.share * height}`)
    .join(' ');
  return (
    <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: '40px 1fr', gap: 0.5 }}>
      <Stack sx={{ justifyContent: 'space-between', height: 140, textAlign: 'right' }}>
        <Typography variant="caption">100%</Typography>
        <Typography variant="caption">50%</Typography>
        <Typography variant="caption">0%</Typography>
      </Stack>
      <Box>
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          sx={{
            width: '100%',
            height: 140,
            display: 'block',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          <line
            x1={0}
            x2={width}
            y1={height / 2}
            y2={height / 2}
            stroke="#ccc"
            strokeDasharray="4 4"
          />
          {video.popups.map((p) =>
            p.time !== null && video.duration ? (
              <line
                key={p.gameplay_id}
                x1={(p.time / video.duration) * width}
                x2={(p.time / video.duration) * width}
                y1={0}
                y2={height}
                stroke="#ed6c02"
                strokeDasharray="3 3"
              />
            ) : null,
          )}
          <polyline
            points={points}
            fill="none"
            stroke="#1976d2"
            strokeWidth={2.5}
            vectorEffect="non-scaling-stroke"
          />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="caption">0:00</Typography>
          <Typography variant="caption">{formatSeconds(video.duration ?? 0)}</Typography>
        </Stack>
      </Box>
    </Box>
  );
}

/** One video: its drop-off line (and the table behind it) and its pop-up questions. */
function VideoCard({ video }: { video: VideoStat }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {video.activity_name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {formatFigure(video.viewers)} penonton
        {video.duration ? ` · durasi ${formatSeconds(video.duration)}` : ''}
      </Typography>
      {video.buckets.length > 0 && video.viewers > 0 ? (
        <>
          <DropOffLine video={video} />
          <FigureTable
            hidden
            caption={`Persentase penonton ${video.activity_name} per bagian video`}
            headers={['Bagian', 'Penonton', 'Persentase']}
            rows={video.buckets.map((b) => [
              `${formatSeconds(b.from_seconds)}–${formatSeconds(b.to_seconds)}`,
              formatFigure(b.viewers),
              formatShare(b.share),
            ])}
          />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Belum ada yang menonton video ini.
        </Typography>
      )}
      {video.popups.length > 0 && (
        <Stack spacing={0.75} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4">
            Kuis pop-up: persentase jawaban benar
          </Typography>
          <Stack spacing={0.75} aria-hidden>
            {video.popups.map((p) => (
              <BarRow
                key={p.gameplay_id}
                label={`${p.time !== null ? `${formatSeconds(p.time)} · ` : ''}${p.question}`}
                percent={barWidth(p.share_correct ?? 0, 1)}
                figure={formatShare(p.share_correct)}
                color="success.main"
                figureWidth={72}
              />
            ))}
          </Stack>
          <FigureTable
            hidden
            caption={`Jawaban kuis pop-up ${video.activity_name}`}
            headers={['Pertanyaan', 'Dijawab', 'Benar', 'Persentase benar']}
            rows={video.popups.map((p) => [
              p.question,
              formatFigure(p.answered),
              formatFigure(p.correct),
              formatShare(p.share_correct),
            ])}
          />
        </Stack>
      )}
    </Box>
  );
}

/** 'Video': every video of the program with its drop-off line and pop-up answers. */
export function ProgramAnalyticsVideos({ videos }: { videos: VideoStat[] }) {
  if (videos.length === 0) {
    return <Typography color="text.secondary">Program ini belum memiliki video.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {videos.map((v) => (
        <VideoCard key={v.activity_id} video={v} />
      ))}
    </Stack>
  );
}

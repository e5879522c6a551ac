import { useSnackbar } from 'notistack';
import { Button, CircularProgress } from '@mui/material';
import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import { learningRecordMessages } from '@ajar/shared/learning-record/learning-record.constants';
import { errorMessage } from '@/api/http';
import { useFileOrJobReply } from '@/lib/jobs';
import { useExportLearningRecord } from '../api/export-learning-record';

/**
 * 'Ekspor Rekam Belajar': every participant's learning events of the program as an .xlsx, the
 * evidence a funder asks for. Downloaded at once, or made as a job shown in 'Unduhan'.
 */
export function LearningRecordExportButton({ programId }: { programId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const exporter = useExportLearningRecord();
  const handleReply = useFileOrJobReply();
  const run = () =>
    exporter.mutate(programId, {
      onSuccess: (reply) => handleReply(reply, learningRecordMessages.exported),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  return (
    <Button
      variant="outlined"
      startIcon={exporter.isPending ? <CircularProgress size={16} /> : <HistoryEduOutlinedIcon />}
      disabled={exporter.isPending}
      onClick={run}
      sx={{ flexShrink: 0 }}
    >
      {learningRecordMessages.exportButton}
    </Button>
  );
}

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

export interface DialogSaveActionsProps {
  /** While saving: both buttons are disabled and 'Simpan' shows a spinner. */
  busy: boolean;
  onCancel: () => void;
}

/** 'Batal' and a submitting 'Simpan' at the foot of a form dialog (the dialog is the `<form>`). */
export function DialogSaveActions({ busy, onCancel }: DialogSaveActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy} color="inherit">
        Batal
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Simpan
      </Button>
    </DialogActions>
  );
}

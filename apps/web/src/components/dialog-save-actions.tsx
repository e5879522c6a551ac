import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

export interface DialogSaveActionsProps {
  /** While saving: both buttons are disabled and 'Simpan' shows a spinner. */
  busy: boolean;
  onCancel: () => void;
  /** The submit button's text and colour: 'Simpan' by default; an irreversible step names itself. */
  label?: string;
  color?: 'primary' | 'error';
}

/** 'Batal' and a submitting 'Simpan' at the foot of a form dialog (the dialog is the `<form>`). */
export function DialogSaveActions({
  busy,
  onCancel,
  label = 'Simpan',
  color = 'primary',
}: DialogSaveActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy} color="inherit">
        Batal
      </Button>
      <Button
        type="submit"
        variant="contained"
        color={color}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {label}
      </Button>
    </DialogActions>
  );
}

import { IconButton, Tooltip } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';

export interface DeleteButtonProps {
  /** The button's accessible name, e.g. 'Hapus soal nomor 2'. */
  label: string;
  /** Shown on hover, e.g. 'Hapus Soal'. */
  tooltip: string;
  onClick(): void;
  disabled?: boolean;
  color?: 'default' | 'error';
  size?: 'small' | 'medium';
}

/** A trash-can icon button with a tooltip that still shows while the button is disabled. */
export function DeleteButton({
  label,
  tooltip,
  onClick,
  disabled = false,
  color = 'default',
  size = 'medium',
}: DeleteButtonProps) {
  return (
    <Tooltip title={tooltip}>
      {/* A disabled button fires no events: the span carries the tooltip. */}
      <span>
        <IconButton
          aria-label={label}
          color={color}
          size={size}
          disabled={disabled}
          onClick={onClick}
        >
          <DeleteOutline fontSize={size === 'small' ? 'small' : undefined} />
        </IconButton>
      </span>
    </Tooltip>
  );
}

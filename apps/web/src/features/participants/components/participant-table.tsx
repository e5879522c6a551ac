import { useState, type MouseEvent } from 'react';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Link as RouterLink } from 'react-router';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { participantMessages } from '@ajar/shared/participants/participants.constants';
import type { Participant } from '@ajar/shared/participants/participants.schemas';
import { listTableHeadSx } from '@/components/list-table';
import { pathTo } from '@/routes/paths';

export type SortDir = 'asc' | 'desc';

export interface ParticipantActions {
  onActivities: (participant: Participant) => void;
  onUpdateUser: (participant: Participant) => void;
  onVoucher: (participant: Participant) => void;
  /** Absent for users who may not remove participants (trainers). */
  onRemove?: (participant: Participant) => void;
}

export interface ParticipantTableProps {
  rows: Participant[] | undefined;
  loading: boolean;
  skeletonRows: number;
  /** Direction of the Status (progress) sort, or null when sorted by redeem date. */
  progressSort: SortDir | null;
  onToggleProgressSort: () => void;
  searching: boolean;
  actions: ParticipantActions;
}

/** Status: the progress percent with a bar (spec 01 §2). */
function ProgressCell({ value }: { value: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={value === 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-hidden
      />
      <Typography variant="body2" sx={{ width: 40, textAlign: 'right', fontWeight: 600 }}>
        {value}%
      </Typography>
    </Stack>
  );
}

function RowMenu({
  participant,
  actions,
}: {
  participant: Participant;
  actions: ParticipantActions;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: (p: Participant) => void) => () => {
    setAnchor(null);
    action(participant);
  };
  return (
    <>
      <Tooltip title="Aksi lain">
        <IconButton
          size="small"
          aria-label={`Aksi lain ${participant.member.fullname}`}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(actions.onUpdateUser)}>
          <ListItemIcon>
            <ManageAccountsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Update User</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(actions.onVoucher)}>
          <ListItemIcon>
            <ConfirmationNumberOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Detail Voucher</ListItemText>
        </MenuItem>
        {(['certificate-participant', 'certificate-graduation'] as const).map((route) => (
          <MenuItem
            key={route}
            component={RouterLink}
            to={pathTo(route, { id: participant.id })}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <WorkspacePremiumOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              {route === 'certificate-participant' ? 'Sertifikat Peserta' : 'Sertifikat Kelulusan'}
            </ListItemText>
          </MenuItem>
        ))}
        {actions.onRemove && (
          <MenuItem onClick={run(actions.onRemove)} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Hapus dari Program</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

/** 'Daftar Peserta' table (spec 01 §2): Kode Voucher, Kode Redeem, Nama Peserta, Nomor Whatsapp, Status, Aksi. */
export function ParticipantTable({
  rows,
  loading,
  skeletonRows,
  progressSort,
  onToggleProgressSort,
  searching,
  actions,
}: ParticipantTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Peserta" sx={{ minWidth: 860 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell>Kode Voucher</TableCell>
            <TableCell>Kode Redeem</TableCell>
            <TableCell>Nama Peserta</TableCell>
            <TableCell>Nomor Whatsapp</TableCell>
            <TableCell sortDirection={progressSort ?? false} sx={{ width: 180 }}>
              <TableSortLabel
                active={progressSort !== null}
                direction={progressSort ?? 'desc'}
                onClick={onToggleProgressSort}
              >
                Status
              </TableSortLabel>
            </TableCell>
            <TableCell align="right" sx={{ width: 200 }}>
              Aksi
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {Array.from({ length: 6 }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton width={j === 5 ? 140 : '70%'} sx={j === 5 ? { ml: 'auto' } : {}} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ py: 6, borderBottom: 0 }}>
                <Stack sx={{ alignItems: 'center', color: 'text.secondary' }} spacing={1}>
                  <PeopleOutlineIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>
                    {searching ? participantMessages.emptySearch : participantMessages.empty}
                  </Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((p) => (
            <TableRow key={p.id} hover>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {p.license}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {p.pmo_code ?? '-'}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{p.member.fullname}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.member.phone ?? '-'}</TableCell>
              <TableCell>
                <ProgressCell value={p.results.progress} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<AssignmentOutlinedIcon fontSize="small" />}
                    onClick={() => actions.onActivities(p)}
                    aria-label={`Detail Aktivitas ${p.member.fullname}`}
                  >
                    Detail Aktivitas
                  </Button>
                  <RowMenu participant={p} actions={actions} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

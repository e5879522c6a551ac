import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  importMessages,
  importResultFilters,
  type ImportResultFilter,
} from '@ajar/shared/imports/imports.constants';
import { filterImportRows, importSummary } from '@ajar/shared/imports/imports.rules';
import type { ImportResult } from '@ajar/shared/imports/imports.schemas';

export interface ImportResultDialogProps {
  title: string;
  rows: ImportResult | null;
  onClose: () => void;
}

const pageSizes = [10, 25, 50, 100];

/**
 * The import's result (spec 01 §2, §8): every row with its status and message, filtered Semua /
 * Sukses / Gagal, paged so a file of many thousand rows stays quick. A saved row with a warning
 * (work never done) says so under its message, and the summary counts them.
 */
export function ImportResultDialog({ title, rows, onClose }: ImportResultDialogProps) {
  const [filter, setFilter] = useState<ImportResultFilter>(0);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0]!);
  const all = useMemo(() => rows ?? [], [rows]);
  const shown = useMemo(() => filterImportRows(all, filter), [all, filter]);
  const succeeded = useMemo(() => all.filter((r) => r.status).length, [all]);
  const counts: Record<ImportResultFilter, number> = {
    0: all.length,
    1: succeeded,
    2: all.length - succeeded,
  };
  const failed = counts[2] > 0;
  const warnings = useMemo(() => all.filter((r) => r.warning).length, [all]);

  return (
    <Dialog
      open={rows !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="import-result-title"
    >
      <DialogTitle id="import-result-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Alert severity={failed ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {importSummary(all)}
          {warnings > 0 && ` ${importMessages.summaryWarnings(warnings)}`}
        </Alert>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={filter}
          aria-label="Filter hasil import"
          onChange={(_event, value: ImportResultFilter | null) => {
            if (value === null) return;
            setFilter(value);
            setPage(0);
          }}
          sx={{ mb: 2 }}
        >
          {importResultFilters.map((f) => (
            <ToggleButton key={f.value} value={f.value} sx={{ px: 2, textTransform: 'none' }}>
              {f.label} ({counts[f.value]})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TableContainer>
          <Table size="small" aria-label="Hasil import">
            <TableHead>
              <TableRow>
                <TableCell>Baris</TableCell>
                <TableCell>License</TableCell>
                <TableCell>Activity Number</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Pesan</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.slice(page * pageSize, (page + 1) * pageSize).map((r, i) => (
                // An 'Export TPM & UK' row gives one result per score: the sheet row repeats.
                <TableRow key={`${page * pageSize + i}:${r.row}`}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.license || '-'}</TableCell>
                  <TableCell>{r.activity_number ?? '-'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={r.status ? 'Sukses' : 'Gagal'}
                      color={r.status ? 'success' : 'error'}
                      variant="outlined"
                    />
                  </TableCell>
                  <TableCell>
                    {r.message}
                    {r.warning && (
                      <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                        Peringatan: {r.warning}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                    Tidak ada data
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={shown.length}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizes}
          labelRowsPerPage="Baris per halaman"
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} dari ${count}`}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Tutup</Button>
      </DialogActions>
    </Dialog>
  );
}

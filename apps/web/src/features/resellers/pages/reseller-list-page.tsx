import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Card, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ResellerListQueryParsed } from '@ajar/shared/resellers/resellers.schemas';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchResultNote } from '@/components/search-result-note';
import { SearchBox } from '@/components/search-box';
import { pathTo } from '@/routes/paths';
import { useResellers } from '../api/get-resellers';
import { ResellerExportDialog } from '../components/reseller-export-dialog';
import { ResellerTable } from '../components/reseller-table';
import { UpdateResellerDialog } from '../components/update-reseller-dialog';
import { pageSizes, useListParams } from '../lib/use-list-params';

/**
 * '/daftar-reseller' — the reseller list (spec 01 §2): search over name, e-mail and referral
 * code, the export dialog, 'Reseller Baru', server paging, and the 'Update Reseller' dialog.
 */
export function ResellerListPage() {
  const { page, limit, q, dir, update } = useListParams();
  const [editing, setEditing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const query: ResellerListQueryParsed = {
    page,
    limit,
    q: q || undefined,
    sort: dir ? 'total_user' : 'created_at',
    dir: dir ?? 'desc',
  };
  const resellers = useResellers(query);
  const total = resellers.data?.total ?? 0;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchBox
          label="Cari nama, e-mail atau kode referral"
          value={q}
          onSearch={(text) => update({ q: text || null, page: null })}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => setExporting(true)}
          >
            Export
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={pathTo('create-reseller')}
          >
            Reseller Baru
          </Button>
        </Stack>
      </Stack>

      <Card>
        <SearchResultNote q={q} sx={{ px: 2, pt: 1.5 }} />
        {resellers.isError && (
          <LoadErrorAlert
            error={resellers.error}
            onRetry={() => void resellers.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <ResellerTable
          rows={resellers.data?.list}
          loading={resellers.isPending}
          dimmed={resellers.isPlaceholderData}
          skeletonRows={limit}
          pagination={{ total, page, limit, pageSizes, onChange: update }}
          totalSort={dir}
          onToggleTotalSort={() => update({ dir: dir === 'desc' ? 'asc' : 'desc', page: null })}
          onEdit={(reseller) => setEditing(reseller.id)}
        />
      </Card>

      <UpdateResellerDialog resellerId={editing} onClose={() => setEditing(null)} />
      <ResellerExportDialog open={exporting} onClose={() => setExporting(false)} />
    </Stack>
  );
}

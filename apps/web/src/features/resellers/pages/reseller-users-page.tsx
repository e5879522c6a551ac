import { useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import { Box, Button, Card, CircularProgress, Stack } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { resellerMessages } from '@ajar/shared/resellers/resellers.constants';
import type {
  ResellerUser,
  ResellerUserListQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import { SearchResultNote } from '@/components/search-result-note';
import { errorMessage } from '@/api/http';
import { ListPagination } from '@/components/list-pagination';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { useFileOrJobReply } from '@/lib/jobs';
import { useExportResellerUsers } from '../api/export-reseller-users';
import { useResellerUsers, useUpdateGift } from '../api/reseller-users';
import { ResellerUserTable } from '../components/reseller-user-table';
import { pageSizes, useListParams } from '../lib/use-list-params';

/**
 * '/list-referal/{code}' — the users of a reseller (spec 01 §2): the redeems made with the
 * referral code, the gift toggle ('Successfully change status gift') and the export of them.
 */
export function ResellerUsersPage() {
  const code = useParams().id ?? '';
  const { enqueueSnackbar } = useSnackbar();
  const { page, limit, q, dir, update } = useListParams();
  const query: ResellerUserListQueryParsed = {
    page,
    limit,
    reseller_code: code,
    q: q || undefined,
    sort: dir ? 'start_test_at' : 'created_at',
    dir: dir ?? 'desc',
  };
  const users = useResellerUsers(query);
  const gift = useUpdateGift();
  const exporter = useExportResellerUsers();
  const fileOrJob = useFileOrJobReply();

  const toggleGift = (user: ResellerUser, on: boolean) => {
    gift.mutate(
      { id: user.id, value: on ? 'true' : 'false' },
      {
        onSuccess: () => enqueueSnackbar(resellerMessages.giftChanged, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };
  const exportUsers = () => {
    exporter.mutate(code, {
      onSuccess: (reply) => fileOrJob(reply, resellerMessages.exported),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchBox
          label="Cari kode voucher, nama atau nomor"
          value={q}
          onSearch={(text) => update({ q: text || null, page: null })}
        />
        <Button
          variant="outlined"
          onClick={exportUsers}
          disabled={exporter.isPending || users.isError}
          startIcon={
            exporter.isPending ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />
          }
        >
          Export
        </Button>
      </Stack>
      <Card>
        <SearchResultNote q={q} sx={{ px: 2, pt: 1.5 }} />
        {users.isError && <LoadErrorAlert error={users.error} sx={{ m: 2 }} />}
        <Box sx={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <ResellerUserTable
            rows={users.data?.list ?? (users.isError ? [] : undefined)}
            loading={users.isPending}
            skeletonRows={limit}
            startSort={dir}
            onToggleStartSort={() => update({ dir: dir === 'desc' ? 'asc' : 'desc', page: null })}
            savingId={gift.isPending ? (gift.variables?.id ?? null) : null}
            onToggleGift={toggleGift}
          />
        </Box>
        <ListPagination
          total={users.data?.total ?? 0}
          page={page}
          limit={limit}
          pageSizes={pageSizes}
          onChange={update}
        />
      </Card>
    </Stack>
  );
}

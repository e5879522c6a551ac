import { useNavigate } from 'react-router';
import { Card, Stack } from '@mui/material';
import type { DiscussionProgramListQuery } from '@ajar/shared/discussions/discussions.schemas';
import { readSortDir } from '@/components/list-table';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { pathTo } from '@/routes/paths';
import { useDiscussionPrograms } from '../api/get-discussion-programs';
import { DiscussionProgramTable } from '../components/discussion-program-table';

const pageSize = 10;

/**
 * '/discussion/public' — programs with the signed-in user's unread member messages (spec 01 §2):
 * search by name on Enter, sort by 'Pesan Belum Terbaca', paging in the URL.
 */
export function DiscussionProgramListPage() {
  const navigate = useNavigate();
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const unreadSort = readSortDir(params.get('sort_type'));
  const query: DiscussionProgramListQuery = {
    page,
    limit: pageSize,
    q: q || undefined,
    sort: unreadSort ? 'total_unread' : 'created_at',
    sort_type: unreadSort ?? 'desc',
  };
  const programs = useDiscussionPrograms(query);

  return (
    <Stack spacing={2.5}>
      <SearchBox
        label="Cari nama program"
        value={q}
        onSearch={(text) => update({ q: text || null, page: null })}
      />
      <Card>
        {programs.isError && (
          <LoadErrorAlert
            error={programs.error}
            onRetry={() => void programs.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <DiscussionProgramTable
          rows={programs.data?.list}
          loading={programs.isPending}
          dimmed={programs.isPlaceholderData}
          pagination={{
            total: programs.data?.total ?? 0,
            page,
            limit: pageSize,
            pageSizes: [pageSize],
            onChange: update,
          }}
          unreadSort={unreadSort}
          onToggleUnreadSort={() =>
            update({ sort_type: unreadSort === 'desc' ? 'asc' : 'desc', page: null })
          }
          onOpen={(program) => navigate(pathTo('discussion-public-program', { id: program.id }))}
        />
      </Card>
    </Stack>
  );
}

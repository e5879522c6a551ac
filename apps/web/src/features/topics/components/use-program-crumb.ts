import { usePageTitle } from '@/layout/page-title';
import { pathTo } from '@/routes/paths';

/**
 * Names the program's crumb in the trail of the topic screens with the program's title
 * ('Daftar Program / {title} / Topik & Aktifitas') instead of the route's fixed title.
 */
export function useProgramCrumb(programId: string, title: string | undefined) {
  usePageTitle(title, pathTo('program-detail', { id: programId }));
}

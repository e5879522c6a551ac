import { usePageTitle } from '@/layout/page-title';
import { pathTo } from '@/routes/paths';

export interface ActivityBreadcrumbInput {
  programId: string;
  topicId: string;
  programTitle: string | undefined;
  topicName: string | undefined;
  /** The activity's name on edit; undefined on create (the route's 'Tambah Aktivitas'). */
  activityName: string | undefined;
}

/**
 * Names the crumbs of 'Daftar Program / {program} / {topic} / Tambah Aktivitas|{activity}' once
 * the names are loaded; until then the routes' own titles show.
 */
export function useActivityBreadcrumb({
  programId,
  topicId,
  programTitle,
  topicName,
  activityName,
}: ActivityBreadcrumbInput) {
  const programPath = pathTo('program-detail', { id: programId });
  usePageTitle(programTitle, programPath);
  usePageTitle(topicName, pathTo('activity-topic', { program: programId, topic: topicId }));
  usePageTitle(activityName);
}

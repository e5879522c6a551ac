export const appTitle = 'Content Management System Trainer';

/** Spec 01 §2: the breadcrumb trail joined by ' / ', then ' - Content Management System Trainer'. */
export function documentTitle(trail: readonly string[]): string {
  const labels = trail.map((label) => label.trim()).filter(Boolean);
  return labels.length ? `${labels.join(' / ')} - ${appTitle}` : appTitle;
}

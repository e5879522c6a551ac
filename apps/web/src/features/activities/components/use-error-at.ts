import { get, useFormState, type Control, type FieldPath } from 'react-hook-form';
import type { ActivityFormValues } from '../lib/activity-form-model';

/** Messages under a form path, looked up by the sub-path (`days.0.times.1.end_time`). */
export function useErrorAt(
  control: Control<ActivityFormValues>,
  base: FieldPath<ActivityFormValues>,
) {
  const { errors } = useFormState({ control, name: base });
  return (path: string): string | undefined => {
    const error = get(errors, path ? `${base}.${path}` : base) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' && error.message ? error.message : undefined;
  };
}

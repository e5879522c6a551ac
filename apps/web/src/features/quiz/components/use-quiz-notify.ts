import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { activitySnackbarMs } from '@ajar/shared/activities/activities.constants';
import { errorMessage } from '@/api/http';

/**
 * The snackbars of the 'Pertanyaan' tab. It sits in the activity form, so its notices close
 * after the form's time-out (spec 01 §9 / 02 §9: 3000 ms), not the app's 5 s default.
 */
export function useQuizNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (message: string, variant: 'success' | 'error') =>
      enqueueSnackbar(message, { variant, autoHideDuration: activitySnackbarMs });
    return {
      success: (message: string) => show(message, 'success'),
      error: (message: string) => show(message, 'error'),
      /** 'Error: {server message}.' for a failed call. */
      failed: (error: unknown) => show(`Error: ${errorMessage(error)}.`, 'error'),
    };
  }, [enqueueSnackbar]);
}

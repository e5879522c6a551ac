import type { ReactNode } from 'react';
import type { useFormSubmit } from '../hooks/use-form-submit';
import { Alert } from './alert';
import { Button } from './button';

type FormState = Pick<
  ReturnType<typeof useFormSubmit>,
  'formRef' | 'failure' | 'busy' | 'onSubmit'
>;

interface FormProps {
  /** What `useFormSubmit` returns. */
  state: FormState;
  submitLabel: string;
  /** Leave the failure out when the screen shows it its own way. */
  hideFailure?: boolean;
  children: ReactNode;
}

/** A form of the app: the server's refusal above it, its fields, and the submit button. */
export function Form({ state, submitLabel, hideFailure, children }: FormProps) {
  return (
    <>
      {state.failure && !hideFailure && <Alert tone="error">{state.failure}</Alert>}
      <form ref={state.formRef} className="stack" noValidate onSubmit={state.onSubmit}>
        {children}
        <Button type="submit" block busy={state.busy}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { routePaths } from '../../../routes/paths';

/**
 * 'Daftar''s required consent to the privacy notice; the link opens the notice in a new tab so
 * the form keeps what was typed.
 */
export function ConsentCheckbox({ error }: { error?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <div className="consent-check">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id}>
          {privacyNoticeMessages.consentLabel}{' '}
          <Link to={routePaths.privasi} target="_blank" rel="noopener">
            {privacyNoticeMessages.title}
          </Link>
        </label>
      </div>
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}

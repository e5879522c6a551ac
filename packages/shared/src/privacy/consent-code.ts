/**
 * The code of the member API's refusal while a newer privacy notice waits for consent. Its own
 * module: Ajar Belajar's HTTP client (first screen) reads it without the privacy messages.
 */
export const consentRequiredCode = 'consent_required';

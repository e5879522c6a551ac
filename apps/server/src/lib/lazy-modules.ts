/**
 * Heavy packages loaded on their first use, not when the server starts: serving the sign-in page
 * and the API's reads needs none of them, and each costs 10–30 MB of memory and up to 0.3 s of a
 * start. Node keeps a module once loaded, so later calls cost nothing. Types come from
 * `import type` at the call sites. (The S3 client is loaded on first use in `s3-storage.ts`.)
 * `system/lazy-packages.test.ts` checks that a start, a sign-in and a read load none of them.
 */
export const loadExcelJs = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadQrCode = async () => (await import('qrcode')).default;
export const loadWebPush = async () => (await import('web-push')).default;
export const loadArchiver = async () => (await import('archiver')).default;
export const loadNodemailer = async () => (await import('nodemailer')).default;
export const loadFileType = async () => (await import('file-type')).fileTypeFromBuffer;
export const loadSaxes = async () => (await import('saxes')).SaxesParser;
export const loadSanitizeHtml = async () => (await import('sanitize-html')).default;
export const loadPromClient = async () => await import('prom-client');

/** While a screen's code or data loads. */
export function PageLoading({ label = 'Memuat…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A large spinner drawn in CSS (styles.css `.plain-spinner`), for what shows before antd has loaded. */
export function PlainSpinner({ label = 'Loading' }: { label?: string }) {
  return <span className="plain-spinner" role="status" aria-label={label} />;
}

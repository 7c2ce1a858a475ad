/**
 * A spinner drawn in CSS (plain.css `.plain-spinner`), as antd's Spin looks: for what shows before antd has loaded,
 * and for the first screen's small loading states, which need no antd for a turning ring.
 */
export function PlainSpinner({ label = 'Loading', size = 'large' }: { label?: string; size?: 'small' | 'large' }) {
  return (
    <span
      className={size === 'small' ? 'plain-spinner plain-spinner-small' : 'plain-spinner'}
      role="status"
      aria-label={label}
    />
  );
}

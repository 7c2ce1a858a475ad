import { Typography } from 'antd';

/** How a search result would show the post: the title and description cut where result pages usually cut them. */
export function SeoPreview({ title, url, description }: { title: string; url: string; description: string }) {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
  return (
    <section className="post-seo-preview" aria-label="Search result preview" data-testid="post-seo-preview">
      <Typography.Text type="secondary" className="post-seo-url">
        {url}
      </Typography.Text>
      <div className="post-seo-title">{cut(title, 60)}</div>
      <div className="post-seo-description">{cut(description, 160) || 'No description yet.'}</div>
    </section>
  );
}

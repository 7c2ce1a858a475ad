import { type ContentPlatform, feedCaption, PLATFORM_RULES } from '@portal/domain';
import { useState } from 'react';

type Media = { url: string; thumbnail_url?: string | null; name: string };

/**
 * How the post will look in the platform's feed: the first image cropped to the platform's aspect, the caption cut
 * where the platform cuts it with "…more" (which opens the rest, as on the platform). Text is rendered as text.
 */
export function PostPreview({
  platform,
  caption,
  media,
  author,
}: {
  platform: ContentPlatform;
  caption: string;
  media: readonly Media[];
  author: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const rule = PLATFORM_RULES[platform];
  const cut = feedCaption(platform, caption);
  const first = media[0];
  return (
    <figure className={`post-preview post-preview-${platform}`} data-testid="post-preview">
      <figcaption className="post-preview-head">
        <span className="post-preview-avatar" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
        <span>
          <strong>{author}</strong>
          <span className="post-preview-platform"> · {rule.label}</span>
        </span>
      </figcaption>
      {first ? (
        <div className="post-preview-media" style={{ aspectRatio: String(rule.aspect) }}>
          <img src={first.thumbnail_url ?? first.url} alt={first.name} />
        </div>
      ) : null}
      <p className="post-preview-caption">
        {expanded || !cut.cut ? caption : cut.text}
        {cut.cut && !expanded ? (
          <>
            {'… '}
            <button type="button" className="post-preview-more" onClick={() => setExpanded(true)}>
              more
            </button>
          </>
        ) : null}
      </p>
    </figure>
  );
}

import Quill from 'quill';
import type EmbedBlot from 'quill/blots/embed';

/** What a mention embed stores in the delta ({insert: {mention: …}}); the server reads id as the person's uuid. */
export type MentionValue = { id: string; value: string; type?: string; denotationChar: '@' };

const Embed = Quill.import('blots/embed') as typeof EmbedBlot;

/** An @mention inside the text: one unbreakable token showing '@name', carrying the mentionable's uuid and type. */
export class MentionBlot extends Embed {
  static override blotName = 'mention';
  static override tagName = 'span';
  static override className = 'ql-mention';

  static override create(value: MentionValue) {
    // biome-ignore lint/complexity/noThisInStatic: Parchment builds the node from the subclass (tagName, className)
    const node = super.create() as HTMLElement;
    node.dataset.id = value.id;
    node.dataset.value = value.value;
    node.dataset.type = value.type ?? '';
    node.textContent = `@${value.value}`;
    return node;
  }

  static override value(node: HTMLElement): MentionValue {
    return {
      id: node.dataset.id ?? '',
      value: node.dataset.value ?? '',
      type: node.dataset.type || undefined,
      denotationChar: '@',
    };
  }
}

let registered = false;

/** Registers the mention format once per page (Quill's registry is global). */
export function registerMention() {
  if (!registered) {
    Quill.register(MentionBlot, true);
    registered = true;
  }
}

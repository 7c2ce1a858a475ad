import { IMAGE_EXTENSIONS, MESSAGES } from '@portal/domain';
import { message } from 'antd';
import type Quill from 'quill';
import { uploadFile } from '../../features/uploads/api';

/** Images the editor takes (doc 2 §5 images: jpg, jpeg, png, gif, webp). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const OUR_UPLOAD = /^(https?:\/\/[^/]+)?\/api\/uploads\/[0-9a-f-]{36}/i;

const isImage = (file: File) =>
  IMAGE_TYPES.includes(file.type) ||
  (IMAGE_EXTENSIONS as readonly string[]).includes(file.name.split('.').pop()?.toLowerCase() ?? '');

/**
 * Uploads images into the document (the 'in-message' flow) and inserts them at `index` as the stable path
 * `/api/uploads/{uuid}`, which keeps working in a stored delta (an access-checked redirect to the file). Anything
 * that is not an image is refused with 'You could only upload images.'.
 */
export async function insertImages(quill: Quill, files: readonly File[], index: number): Promise<void> {
  if (files.length === 0) {
    return;
  }
  if (!files.every(isImage)) {
    void message.error(MESSAGES.imagesOnly);
    return;
  }
  let at = index;
  for (const file of files) {
    try {
      const upload = await uploadFile(file, 'in-message', () => undefined);
      quill.insertEmbed(at, 'image', upload.url, 'user');
      at += 1;
      quill.setSelection(at, 0, 'silent');
    } catch {
      void message.error(file.name ? MESSAGES.fileUploadFailed(file.name) : MESSAGES.uploadFailed);
    }
  }
}

/** Picks images with the system dialog (the toolbar's image button). */
function pickImages(quill: Quill) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = IMAGE_TYPES.join(',');
  input.multiple = true;
  input.onchange = () => {
    const index = quill.getSelection(true)?.index ?? quill.getLength();
    void insertImages(quill, [...(input.files ?? [])], index);
  };
  input.click();
}

/**
 * Paste, drop and pick for images (issue 8), wired into one Quill instance. Pasted HTML keeps only images that are
 * already our uploads (the server refuses any other image source), so a paste from a web page drops its images.
 * Answers the cleanup.
 */
export function enableImageUploads(quill: Quill): () => void {
  const root = quill.root;
  const onPaste = (event: ClipboardEvent) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length) {
      event.preventDefault();
      event.stopPropagation();
      void insertImages(quill, files, quill.getSelection(true)?.index ?? quill.getLength());
    }
  };
  const onDrop = (event: DragEvent) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) {
      event.preventDefault();
      event.stopPropagation();
      void insertImages(quill, files, quill.getSelection(true)?.index ?? quill.getLength());
    }
  };
  root.addEventListener('paste', onPaste, true);
  root.addEventListener('drop', onDrop, true);
  const toolbar = quill.getModule('toolbar') as
    | { addHandler?: (name: string, handler: () => void) => void }
    | undefined;
  toolbar?.addHandler?.('image', () => pickImages(quill));
  quill.clipboard.addMatcher('IMG', (node, delta) => {
    const src = (node as HTMLImageElement).getAttribute('src') ?? '';
    return OUR_UPLOAD.test(src) ? delta : new (delta.constructor as new () => typeof delta)();
  });
  return () => {
    root.removeEventListener('paste', onPaste, true);
    root.removeEventListener('drop', onDrop, true);
  };
}

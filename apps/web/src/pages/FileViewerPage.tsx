import { useParams } from 'react-router';
import { FileViewer } from '../features/uploads/FileViewer';
import type { PageProps } from '../routes/pageProps';

/** /file-viewer/{uuid}: a saved upload in its own tab, without the layout (features/uploads/FileViewer.tsx). */
export function FileViewerPage(_props: PageProps) {
  const { uuid = '' } = useParams();
  return <FileViewer key={uuid} uuid={uuid} />;
}

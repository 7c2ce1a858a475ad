import { message } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from './feedback';

/**
 * Hands antd's message API (themed through ConfigProvider) to reportError, see feedback.ts. message.useMessage is
 * used rather than antd's App so this chunk does not carry the modal and notification code.
 */
export function MessageHolder() {
  const [messageApi, holder] = message.useMessage();
  useEffect(() => {
    setMessageApi(messageApi);
    return () => setMessageApi(null);
  }, [messageApi]);
  return holder;
}

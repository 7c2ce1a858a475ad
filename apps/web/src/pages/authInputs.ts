/**
 * The two input components the sign-in screens use, imported from their own modules: antd's Input namespace also
 * drags in TextArea, Search and OTP (~15 KB gzipped) that the first download of /login does not need.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';

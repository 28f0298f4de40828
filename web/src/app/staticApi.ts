/** antd's static message / Modal / notification, loaded on first use outside the themed app (app/antdStatic.tsx). */
import { message, Modal, notification } from 'antd';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

export const STATIC = { message, modal: Modal as unknown as ModalApi, notification };

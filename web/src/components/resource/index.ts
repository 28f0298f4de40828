/** The generic resource UI: a whole list screen, or its parts for bespoke pages. */
export { default as ResourcePage, type ResourcePageProps } from './ResourcePage';
export { default as ResourceForm, type ResourceFormProps } from './ResourceForm';
export { default as ResourceDetail, type ResourceDetailProps } from './ResourceDetail';
export { default as AttachmentLinks } from './AttachmentLinks';
export { useCan, type GrantCode } from './permission';
export { useSave, type SaveSteps } from './useSave';
export { useDicts } from './useDicts';
export { useRegions } from './useRegions';
export { useFormatContext } from './useFormatContext';
export * from './format';
export type * from './types';

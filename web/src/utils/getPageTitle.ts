/** vue-element-admin src/utils/get-page-title.js: `<route title> - <product title>`. */
import { PRODUCT_TITLE } from '@dg/core';

let productTitle: string = PRODUCT_TITLE;

/** the title from /api/public/config, once known */
export function setProductTitle(title: string | undefined | null): void {
  if (title) productTitle = title;
}
export const getProductTitle = () => productTitle;

export default function getPageTitle(pageTitle?: string | null): string {
  return pageTitle ? `${pageTitle} - ${productTitle}` : productTitle;
}

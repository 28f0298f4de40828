/** 政策法规 (menu policyManager). */
import ContentManager from './ContentManager';

export default function PolicyManager() {
  return <ContentManager kind="policy" />;
}

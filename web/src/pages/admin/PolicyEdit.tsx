/** /policyManager/addpolicyManager */
import ContentEdit from './ContentEdit';

export default function PolicyEdit() {
  return <ContentEdit kind="policy" />;
}

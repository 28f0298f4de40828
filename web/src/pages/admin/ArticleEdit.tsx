/** /articleManager/addarticleManager */
import ContentEdit from './ContentEdit';

export default function ArticleEdit() {
  return <ContentEdit kind="article" />;
}

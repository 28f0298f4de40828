/** 入职 (staffEntryManager): the entries list, with 办理入职 by certificate number beside the generic 新增. */
import { ResourcePage } from '../../components/resource';
import { EntryButton } from './EntryForm';

export default function StaffEntryPage() {
  return <ResourcePage resourceKey="staffEntry" toolbarExtra={<EntryButton />} />;
}

import { useMemo } from 'react';
import { useDicts } from './useDicts';
import { useRegions } from './useRegions';
import type { FormatContext } from './types';

/** The lookups formatValue needs, from the cached code table and region tree. */
export function useFormatContext(): FormatContext {
  const { dictName } = useDicts();
  const { regionName } = useRegions();
  return useMemo(() => ({ dictName, regionName }), [dictName, regionName]);
}

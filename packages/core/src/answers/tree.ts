/** The type of a recursive answer: a node schema's nodes, each with the nodes below it (`children`). */
import type { z } from 'zod';

type Tree<T> = T & { children: Tree<T>[] };
/** declare a tree as `const node: TreeOf<typeof fields> = fields.extend({ children: z.array(z.lazy(() => node)) })` */
export type TreeOf<S extends z.ZodType> = z.ZodType<Tree<z.output<S>>, Tree<z.input<S>>>;

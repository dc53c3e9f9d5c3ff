import * as z from 'zod/mini';
import { DISCUSSION_LIMITS, DISCUSSION_TEXT } from '../rules/discussions';
import { uploadIssueSchema } from './uploads';

/**
 * Discussion cluster nodes (spec 2 §3, §7; spec 3 §3; issue 30): GET list, GET by id, POST and
 * PUT with the body `discussion_cluster_node`, DELETE by id; the template and the upload of a
 * node's word bubbles (multipart field `template`).
 */

/** A word bubble: its words, theme, Reachable People (a share 0-100) and size (1-100). */
export const discussionBubbleSchema = z.object({
  id: z.int(),
  name: z.string(),
  theme: z.string(),
  reach: z.nullable(z.number()),
  size: z.int(),
});
export type DiscussionBubble = z.infer<typeof discussionBubbleSchema>;

/** What uses a node: an audience of a Grow chart, a cell of a journey (a node in use cannot be deleted). */
export const nodeUseSchema = z.object({ id: z.int(), name: z.string() });

export const discussionNodeSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  discussion_clusters: z.array(discussionBubbleSchema),
  sub_markets: z.array(nodeUseSchema),
  journey_sub_markets: z.array(nodeUseSchema),
  updated_at: z.string(),
});
export type DiscussionNode = z.infer<typeof discussionNodeSchema>;

export const discussionNodeListResponseSchema = z.object({ data: z.array(discussionNodeSchema) });
export const discussionNodeResponseSchema = z.object({ data: discussionNodeSchema });

/** A word bubble as Grow's discussion cluster form sends it; checked by the upload's row rules (checkBubbles). */
export const bubbleBodySchema = z.object({
  name: z.string(),
  theme: z.string(),
  reach: z.nullable(z.number()),
  size: z.number(),
});
export type BubbleBody = z.infer<typeof bubbleBodySchema>;

export const discussionNodeBodySchema = z.object({
  discussion_cluster_node: z.object({
    name: z.string().check(z.trim(), z.minLength(1, DISCUSSION_TEXT.nameRequired), z.maxLength(DISCUSSION_LIMITS.nameMax, DISCUSSION_TEXT.nameTooLong)),
    description: z._default(z.string().check(z.maxLength(DISCUSSION_LIMITS.descriptionMax, DISCUSSION_TEXT.descriptionTooLong)), ''),
    /**
     * The node's word bubbles (spec 3 §3: the node with its discussion_clusters), as Grow's
     * discussion cluster form edits them: given, they replace the node's bubbles; absent, the
     * bubbles stay as they are (Discussions Upload's drawer sends the name and description only).
     */
    discussion_clusters: z.optional(z.array(bubbleBodySchema).check(z.maxLength(DISCUSSION_LIMITS.bubblesPerNode, DISCUSSION_TEXT.tooManyBubbles))),
  }),
});
export type DiscussionNodeBody = z.infer<typeof discussionNodeBodySchema>;

/** An upload's answer: the node as it now is (updated lists it once when its bubbles were replaced), the rows and the errors. */
export const discussionUploadResultSchema = z.object({
  data: z.object({
    updated: z.array(z.object({ id: z.int(), name: z.string(), bubbles: z.int() })),
    rows: z.int(),
    applied: z.int(),
    more_errors: z.int(),
  }),
  errors: z.array(uploadIssueSchema),
});
export type DiscussionUploadResult = z.infer<typeof discussionUploadResultSchema>;

import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import * as repo from './quiz.repository';

// Copy ------------------------------------------------------------------------------------------

/**
 * Copies every packet of `fromActivityId` (sections, groups, questions, in order) to
 * `toActivityId`, inside the caller's transaction: a post_test made from a pre_test.
 */
export async function cloneQuestionPackets(
  tx: DbOrTx,
  fromActivityId: string,
  toActivityId: string,
): Promise<void> {
  const tree = await repo.packetTree(tx, fromActivityId);
  // Rows of one transaction share now(): explicit, increasing times keep the source's order.
  const base = Date.now();
  const at = (i: number) => new Date(base + i);
  // New ids are made here, so the copy maps parents to children without reading inserts back.
  const copyOf = (ids: string[]) => new Map(ids.map((id) => [id, randomUUID()]));
  const packetIds = copyOf(tree.packets.map((p) => p.id));
  const sectionIds = copyOf(
    tree.sections.filter((s) => packetIds.has(s.packet_id)).map((s) => s.id),
  );
  const groupIds = copyOf(tree.groups.map(({ group }) => group.id));
  await repo.insertPacketTree(tx, {
    packets: tree.packets.map((p, i) => ({
      id: packetIds.get(p.id)!,
      activity_id: toActivityId,
      status: p.status,
      created_at: at(i),
      updated_at: at(i),
    })),
    sections: tree.sections
      .filter((s) => sectionIds.has(s.id))
      .map((s, i) => ({
        id: sectionIds.get(s.id)!,
        activity_id: toActivityId,
        packet_id: packetIds.get(s.packet_id)!,
        name: s.name,
        min_score: s.min_score,
        created_at: at(i),
        updated_at: at(i),
      })),
    groups: tree.groups.map(({ group }, i) => ({
      id: groupIds.get(group.id)!,
      packet_id: packetIds.get(group.packet_id)!,
      section_id: group.section_id ? (sectionIds.get(group.section_id) ?? null) : null,
      is_group: group.is_group,
      created_at: at(i),
      updated_at: at(i),
    })),
    questions: tree.questions.map((q) => {
      const { id: _id, created_at: _c, updated_at: _u, ...rest } = q;
      return {
        ...rest,
        activity_id: toActivityId,
        group_id: q.group_id ? (groupIds.get(q.group_id) ?? null) : null,
      };
    }),
  });
}

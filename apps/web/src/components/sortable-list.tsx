import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';

/** Spec 01 §4: dragging within 100 px of the window's top or bottom scrolls the page. */
export const autoScrollEdgePx = 100;

/**
 * dnd-kit expresses the scroll zone as a fraction of the scroll container's height, so the
 * 100 px zone is recomputed from the window height (kept current on resize).
 */
function useEdgeAutoScroll(): AutoScrollOptions {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return useMemo(
    () => ({
      threshold: { x: 0.1, y: Math.min(0.5, autoScrollEdgePx / Math.max(height, 1)) },
      acceleration: 15,
    }),
    [height],
  );
}

// A few pixels of travel before a drag starts, so a click on the handle stays a click.
const pointerOptions = { activationConstraint: { distance: 5 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

// Lists here are vertical: a dragged item never drifts sideways.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface SortableListProps {
  /** Ids of the items, in their shown order. */
  ids: readonly UniqueIdentifier[];
  /** Called once per drop that changed the position (0-based indexes in `ids`). */
  onMove: (from: number, to: number) => void;
  /** Names an item for screen reader announcements ('Topik Pengenalan'). */
  itemLabel: (id: UniqueIdentifier) => string;
  children: ReactNode;
}

/**
 * A vertical list whose items can be reordered by mouse, touch or keyboard (Space to pick up,
 * arrows to move, Space to drop, Escape to cancel), each through its drag handle. Items use
 * `useSortableItem`. Lists may nest (a topic list holding activity lists): each has its own context.
 */
export function SortableList({ ids, onMove, itemLabel, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const autoScroll = useEdgeAutoScroll();
  const position = (id: UniqueIdentifier) => ids.indexOf(id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `${itemLabel(active.id)} diambil, posisi ${position(active.id)} dari ${ids.length}.`,
    // Right after pick-up the item is over itself: keep the pick-up message.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : `${itemLabel(active.id)} dipindah ke posisi ${position(over.id)} dari ${ids.length}.`
        : `${itemLabel(active.id)} tidak lagi di atas daftar.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${itemLabel(active.id)} diletakkan di posisi ${position(over.id)} dari ${ids.length}.`
        : `${itemLabel(active.id)} diletakkan.`,
    onDragCancel: ({ active }) =>
      `Pemindahan dibatalkan. ${itemLabel(active.id)} kembali ke posisi ${position(active.id)}.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      autoScroll={autoScroll}
      onDragEnd={handleDragEnd}
      accessibility={{
        // Outside the list: its hidden texts are divs, which a table body may not hold.
        container: document.body,
        announcements,
        screenReaderInstructions: {
          draggable:
            'Tekan spasi untuk mengambil, panah atas atau bawah untuk memindah, spasi lagi untuk meletakkan, Escape untuk membatalkan.',
        },
      }}
    >
      <SortableContext items={ids as UniqueIdentifier[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export interface SortableItemState {
  /** Put on the element that moves (the row). */
  setNodeRef: (element: HTMLElement | null) => void;
  style: CSSProperties;
  isDragging: boolean;
  /** Spread on `DragHandle`. */
  handle: {
    ref: (element: HTMLElement | null) => void;
    attributes: DraggableAttributes;
    listeners: DraggableSyntheticListeners;
  };
}

/** One item of a `SortableList`; only its `DragHandle` starts a drag. */
export function useSortableItem(id: UniqueIdentifier): SortableItemState {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return {
    setNodeRef,
    isDragging,
    style: {
      // Translate, not Transform: items of different heights must not be scaled into each other.
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative',
      zIndex: isDragging ? 2 : undefined,
      opacity: isDragging ? 0.85 : undefined,
    },
    handle: { ref: setActivatorNodeRef, attributes, listeners },
  };
}

export interface DragHandleProps {
  handle: SortableItemState['handle'];
  /** Accessible name ('Pindahkan topik Pengenalan'). */
  label: string;
  size?: 'small' | 'medium';
}

/** The grip that drags its item; focusable, so the keyboard sensor works from it. */
export function DragHandle({ handle, label, size = 'small' }: DragHandleProps) {
  return (
    <IconButton
      ref={handle.ref}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      size={size}
      disableRipple
      sx={{ cursor: 'grab', touchAction: 'none', '&:active': { cursor: 'grabbing' } }}
      // The handle may sit inside clickable rows; a press on it is never a click on them.
      onClick={(event) => event.stopPropagation()}
    >
      <DragIndicatorRounded fontSize="small" />
    </IconButton>
  );
}

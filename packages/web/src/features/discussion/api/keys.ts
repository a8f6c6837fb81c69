/** Everything the board caches for one course starts with this key, so one call can refresh it all. */
export const discussionKey = (courseId: number) => ['discussion', courseId] as const;
export const threadsKey = (courseId: number) => [...discussionKey(courseId), 'threads'] as const;
export const unreadCountKey = (courseId: number) => [...discussionKey(courseId), 'unread-count'] as const;
export const threadKey = (courseId: number, threadId: number) => [...discussionKey(courseId), 'thread', threadId] as const;

export {
  createPathActivities,
  type ExpandPathInput,
  type ExpandPathResult,
  type PathActivities,
} from './activities.js';
export {
  expandPlan,
  expandPlanTraced,
  type PlanExpansionError,
  type TracedExpansion,
} from './expand-plan.js';
export { type Frontier, type FrontierRoom, frontier } from './frontier.js';
export { type RoomCandidates, roomKnowingBuilding, shortestOrder } from './knowing-building.js';
export { buildNavigationIndex, type NavigationIndex, navigationIndexOf } from './navigation-index.js';
export { type Nearest, nearest } from './nearest.js';
export { type Lookout, nextLookout } from './next-lookout.js';
export { type Place, resolvePlace } from './place.js';
export type { SearchAlgorithm } from './search.js';
export { type Route, type ShortestPathOptions, shortestPath } from './shortest-path.js';
export type { Unreachable, UnreachableReason } from './unreachable.js';

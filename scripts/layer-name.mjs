/** The default cascade layer every kit and portal rule lives in. */
export const LAYER_NAME = 'client-portal';

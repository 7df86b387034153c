"""Game logic over the model, Qt-free: movement, range, encounter grids, facing and cover."""

//! The desktop application. (Being written.)

//! Values across the boundary: Rust values as plain JavaScript objects (the library's serde forms) and back.

use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::JsValue;

use crate::failure::Failure;

/// A value for JavaScript, or the failure to make it.
pub type Js = Result<JsValue, JsValue>;

/// A Rust value as a plain JavaScript object (maps as objects, `None` as `null`).
///
/// # Errors
/// The serializer's error (none of the package's values gives one).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Js {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsValue::from(Failure::value(e)))
}

/// A value read from a JavaScript object; `undefined` or `null` gives the default.
///
/// # Errors
/// [`Failure::Value`] naming what does not fit.
pub fn from_js_or_default<T: DeserializeOwned + Default>(value: JsValue) -> Result<T, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(Failure::value)
}

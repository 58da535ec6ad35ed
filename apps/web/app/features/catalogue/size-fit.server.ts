/** The product page's size chart and the shopper's fit question, from the API in-process. */
import type { FitQuestion, ProductSizeChart } from "@vastra/contracts/size-charts";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

type Context = Readonly<RouterContextProvider>;

/** The product's chart (its own, else its category's); null when none or not loadable. */
export async function loadSizeChart(
  context: Context,
  id: string,
): Promise<ProductSizeChart | null> {
  try {
    const { response, data } = await apiCall<ProductSizeChart>(
      serverApi(context),
      `/api/products/${encodeURIComponent(id)}/size-chart`,
    );
    return response.ok && data?.chart ? data : null;
  } catch (error) {
    console.warn(`GET /api/products/${id}/size-chart failed`, error);
    return null;
  }
}

/** Whether the signed-in shopper may answer "How did it fit?" (null for guests or on failure). */
export async function loadFitQuestion(
  context: Context,
  productId: string,
): Promise<FitQuestion | null> {
  try {
    const { response, data } = await apiCall<FitQuestion>(
      serverApi(context),
      `/api/reviews/${encodeURIComponent(productId)}/fit-question`,
    );
    return response.ok && data ? data : null;
  } catch (error) {
    console.warn(`GET /api/reviews/${productId}/fit-question failed`, error);
    return null;
  }
}
